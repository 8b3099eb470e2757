package dev.pmmemory.application.port.out;

import dev.pmmemory.application.model.SealedTable;
import java.util.List;
import java.util.Map;

/** A store that seals nothing (the in-memory one of the tests): nothing to rewrite, nothing to count. */
public record NoSealedRows() implements SealedRows {
    @Override
    public List<String> profiles() {
        return List.of();
    }

    @Override
    public ResealStep resealAfter(SealedTable table, String profileId, String afterId, int scan) {
        return new ResealStep(0, null);
    }

    @Override
    public Map<String, Long> rowsByKey() {
        return Map.of();
    }

    @Override
    public long rowsToReseal() {
        return 0;
    }
}
