package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.application.port.out.Teams;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;

/** Team members and the authors of team memories, the same SQL on both stores. */
public final class JdbcTeams implements Teams {
    // well under SQLite's limit of bound parameters per statement
    private static final int CHUNK = 500;
    private static final String AUTHOR_COLUMNS = "team_id, memory_id, profile_id, personal_memory_id, raw_message_id";
    private final Sql sql;

    public JdbcTeams(Sql sql) {
        this.sql = sql;
    }

    @Override
    public boolean addMember(String teamId, String profileId, Instant at) {
        return sql.update("INSERT INTO team_members(team_id, profile_id, joined_at) VALUES (?, ?, ?)"
                + " ON CONFLICT DO NOTHING", teamId, profileId, at) == 1;
    }

    @Override
    public boolean removeMember(String teamId, String profileId) {
        return sql.update("DELETE FROM team_members WHERE team_id = ? AND profile_id = ?", teamId, profileId) == 1;
    }

    @Override
    public List<String> members(String teamId) {
        return sql.strings("SELECT profile_id FROM team_members WHERE team_id = ? ORDER BY profile_id", teamId);
    }

    @Override
    public List<String> teamsOf(String profileId) {
        return sql.strings("SELECT team_id FROM team_members WHERE profile_id = ? ORDER BY team_id", profileId);
    }

    @Override
    public void addAuthor(TeamAuthor a) {
        sql.update("INSERT INTO team_authors(" + AUTHOR_COLUMNS + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                a.teamId(), a.memoryId(), a.profileId(), a.personalMemoryId(), a.rawMessageId());
    }

    @Override
    public boolean removeAuthor(String teamId, String memoryId, String profileId) {
        return sql.update("DELETE FROM team_authors WHERE team_id = ? AND memory_id = ? AND profile_id = ?", teamId,
                memoryId, profileId) == 1;
    }

    @Override
    public List<TeamAuthor> authorsOf(String teamId, Collection<String> memoryIds) {
        List<String> all = new ArrayList<>(new LinkedHashSet<>(memoryIds));
        List<TeamAuthor> found = new ArrayList<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            List<Object> args = new ArrayList<>();
            args.add(teamId);
            args.addAll(chunk);
            found.addAll(sql.query("SELECT " + AUTHOR_COLUMNS + " FROM team_authors WHERE team_id = ? AND memory_id IN ("
                    + String.join(",", Collections.nCopies(chunk.size(), "?")) + ")", JdbcTeams::author,
                    args.toArray()));
        }
        found.sort(java.util.Comparator.comparing(TeamAuthor::memoryId).thenComparing(TeamAuthor::profileId));
        return found;
    }

    @Override
    public List<TeamAuthor> contributionsOf(String profileId) {
        return sql.query("SELECT " + AUTHOR_COLUMNS + " FROM team_authors WHERE profile_id = ?"
                + " ORDER BY team_id, memory_id", JdbcTeams::author, profileId);
    }

    @Override
    public int removeProfile(String profileId) {
        return sql.update("DELETE FROM team_members WHERE profile_id = ?", profileId)
                + sql.update("DELETE FROM team_authors WHERE profile_id = ?", profileId);
    }

    private static TeamAuthor author(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new TeamAuthor(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
    }
}
