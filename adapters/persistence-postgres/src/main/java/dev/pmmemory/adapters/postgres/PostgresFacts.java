package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.Sealing;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.postgres.rows.FactRow;
import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.domain.fact.Fact;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link Facts} over PostgreSQL (migration V8), as mapped rows of the caller's transaction. The partial
 * unique index {@code facts_open} keeps at most one open version per attribute; each write is flushed at
 * once, so a refused one fails at the call that made it, as with the other stores.
 */
final class PostgresFacts implements Facts {
    private static final String OLDEST_FIRST = "validFrom, recordedAt, id";
    private final FieldProtection protection;

    PostgresFacts(FieldProtection protection) {
        this.protection = protection;
    }

    @Override
    public void insert(Fact f) {
        FactRow.of(Sealing.sealed(protection, f)).persistAndFlush();
    }

    @Override
    public void close(String profileId, String factId, Instant validUntil) {
        int changed = FactRow.update("validUntil = ?1 where profileId = ?2 and id = ?3 and validUntil is null",
                validUntil.truncatedTo(java.time.temporal.ChronoUnit.MILLIS), profileId, factId);
        if (changed != 1) {
            throw new IllegalStateException("no open fact version " + factId);
        }
    }

    @Override
    public Optional<Fact> latest(String profileId, String attribute) {
        return FactRow.<FactRow>find("from FactRow f where f.profileId = ?1 and f.attribute = ?2 and not exists"
                        + " (select 1 from FactRow n where n.profileId = f.profileId and n.supersedes = f.id)", profileId, attribute)
                .firstResultOptional().map(r -> Sealing.opened(protection, r.fact()));
    }

    @Override
    public List<Fact> validAt(String profileId, Instant asOf) {
        return facts(FactRow.list("profileId = ?1 and validFrom <= ?2 and (validUntil is null or validUntil > ?2)"
                + " order by attribute", profileId, asOf));
    }

    @Override
    public List<Fact> history(String profileId, String attribute) {
        return facts(FactRow.list("profileId = ?1 and attribute = ?2 order by " + OLDEST_FIRST, profileId, attribute));
    }

    @Override
    public List<Fact> allVersions(String profileId) {
        return facts(FactRow.list("profileId = ?1 order by attribute, " + OLDEST_FIRST, profileId));
    }

    @Override
    public long countByProfile(String profileId) {
        return FactRow.count("profileId", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return (int) FactRow.delete("profileId", profileId);
    }

    private List<Fact> facts(List<FactRow> rows) {
        return rows.stream().map(r -> Sealing.opened(protection, r.fact())).toList();
    }
}
