package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;

/** {@link UnreadableStoredValueContract} on PostgreSQL: the row is altered with plain JDBC while the service runs. */
@QuarkusTest
@TestProfile(PostgresEncryptedProfile.class)
class PostgresUnreadableStoredValueTest extends UnreadableStoredValueContract {
    private String profile;
    private String altered;
    private String intact;

    @BeforeEach
    void alterOneMemory() throws SQLException {
        profile = Api.newProfile("tampered");
        intact = Api.feedback(profile, "Quixotrel 估值太高，不再推进").statusCode(201).extract().path("memory.id");
        altered = Api.feedback(profile, "以后少推 Zephyrine 这类公司").statusCode(201).extract().path("memory.id");
        try (Connection c = PostgresTestConnection.open(); PreparedStatement s = c.prepareStatement(
                "UPDATE memories SET content = (SELECT content FROM memories WHERE id = ?) WHERE id = ?")) {
            s.setString(1, intact);
            s.setString(2, altered);
            s.executeUpdate();
        }
    }

    /** The plain profiles share this database: no sealed row or key check may outlive these tests. */
    @AfterAll
    static void leaveNoSealedData() throws SQLException {
        PostgresEncryptedProfile.emptyTheDatabase();
    }

    @Override
    protected String profile() {
        return profile;
    }

    @Override
    protected String alteredMemory() {
        return altered;
    }

    @Override
    protected String intactMemory() {
        return intact;
    }

    @Override
    protected List<String> secretWords() {
        return List.of("Quixotrel", "估值太高", "Zephyrine", "少推");
    }
}
