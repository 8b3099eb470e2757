package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.Dialect;
import java.sql.SQLException;

/** PostgreSQL's spelling of what the two stores' SQL does differently. */
public final class PostgresDialect implements Dialect {
    public static final PostgresDialect INSTANCE = new PostgresDialect();

    /**
     * Below this a common term's sharers are scored in one statement: the split costs a second round trip
     * to the server, more than counting a few thousand term rows there.
     */
    private static final int SPLIT_TERM_ROWS = 4096;

    private PostgresDialect() {
    }

    @Override
    public String least(String a, String b) {
        return "LEAST(" + a + ", " + b + ")";
    }

    @Override
    public String greatest(String a, String b) {
        return "GREATEST(" + a + ", " + b + ")";
    }

    /** The planner works from statistics: no hint. */
    @Override
    public String notIndexed(String column) {
        return column;
    }

    @Override
    public String indexedBy(String tableAndAlias, String index) {
        return tableAndAlias;
    }

    @Override
    public String joinInOrder() {
        return "JOIN";
    }

    @Override
    public boolean readsRangesOneByOne() {
        return false; // one round trip instead of one per range
    }

    @Override
    public int splitTermRows() {
        return SPLIT_TERM_ROWS;
    }

    /** PostgreSQL cannot infer the type of a parameter in arithmetic or a VALUES list: it is told. */
    @Override
    public String parameter(SqlType type) {
        return switch (type) {
            case BIGINT -> "CAST(? AS bigint)";
            case INTEGER -> "CAST(? AS integer)";
            case DOUBLE -> "CAST(? AS double precision)";
            case TEXT -> "CAST(? AS text)";
        };
    }

    @Override
    public boolean bindsListsAsArrays() {
        return true;
    }

    @Override
    public String arrayParameter(SqlType type) {
        return switch (type) {
            case BIGINT -> "CAST(? AS bigint[])";
            case INTEGER -> "CAST(? AS integer[])";
            case DOUBLE -> "CAST(? AS double precision[])";
            case TEXT -> "CAST(? AS text[])";
        };
    }

    @Override
    public String real(String expression) {
        return "CAST(" + expression + " AS double precision)";
    }

    @Override
    public RuntimeException translate(SQLException e) {
        return PgFailures.translate(e);
    }
}
