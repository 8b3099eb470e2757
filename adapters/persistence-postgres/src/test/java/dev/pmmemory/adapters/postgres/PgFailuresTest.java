package dev.pmmemory.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.StoreUnavailableException;
import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures mean "the database cannot be reached now" (503, retry) and which are bugs (500). */
class PgFailuresTest {

    @Test
    void connectionFailuresAnywhereInTheCauseChainMeanUnavailable() {
        for (Throwable cause : new Throwable[] {
                new SQLException("Connection to 127.0.0.1:5432 refused", "08001", new ConnectException("refused")),
                new SQLException("An I/O error occurred while sending to the backend.", "08006"),
                new SQLException("terminating connection due to administrator command", "57P01"),
                new SQLException("the database system is starting up", "57P03"),
                new SQLException("sorry, too many clients already", "53300"),
                new SQLException("canceling statement due to lock timeout", "55P03"),
                new SQLException("canceling statement due to statement timeout", "57014"),
                new SQLException("Acquisition timeout while waiting for new connection"),
                new ConnectException("Connection refused")}) {
            RuntimeException wrapped = new IllegalStateException("flush failed",
                    new RuntimeException("Hibernate", cause));

            RuntimeException translated = PgFailures.translate(wrapped);

            assertThat(translated).as(cause.toString()).isInstanceOf(StoreUnavailableException.class)
                    .hasCause(wrapped);
        }
    }

    @Test
    void aSuppressedConnectionFailureCountsToo() {
        RuntimeException e = new RuntimeException("commit failed");
        e.addSuppressed(new SQLException("This connection has been closed.", "08003"));

        assertThat(PgFailures.translate(e)).isInstanceOf(StoreUnavailableException.class);
    }

    @Test
    void everythingElseStaysWhatItWas() {
        RuntimeException unique = new IllegalStateException("constraint",
                new SQLException("duplicate key value violates unique constraint", "23505"));
        RuntimeException bug = new IllegalArgumentException("no such type");
        RuntimeException noState = new RuntimeException(new SQLException("something odd"));

        assertThat(PgFailures.translate(unique)).isSameAs(unique);
        assertThat(PgFailures.translate(bug)).isSameAs(bug);
        assertThat(PgFailures.translate(noState)).isSameAs(noState);
    }

    @Test
    void aDescriptionNamesTheInnermostCauseAndItsState() {
        RuntimeException e = new RuntimeException("outer", new SQLException("refused", "08001"));

        assertThat(PgFailures.describe(e)).isEqualTo("SQLException [08001]: refused");
    }

    @Test
    void causeCyclesEnd() {
        SQLException a = new SQLException("a", "23505");
        SQLException b = new SQLException("b", "23505", a);
        a.initCause(b);

        assertThat(PgFailures.isUnavailable(a)).isFalse();
    }
}
