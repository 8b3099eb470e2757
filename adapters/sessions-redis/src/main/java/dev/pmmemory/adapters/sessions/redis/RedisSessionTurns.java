package dev.pmmemory.adapters.sessions.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pmmemory.application.SessionsUnavailableException;
import dev.pmmemory.application.port.in.SessionTurn;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.StoredSession;
import dev.pmmemory.application.model.TurnRole;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sessions in Redis (memory.sessions.store=redis): shared by every instance, kept across restarts.
 * Per session two keys, {@code <prefix>session:{sid}:turns} (a list of JSON turns, newest last) and
 * {@code …:expires} (epoch ms); the {@code {sid}} hash tag keeps both on one cluster slot. Each call is
 * one Lua script, so a read never sees half a write and two writers cannot lose a turn.
 *
 * <p>Expiry is decided by the instant stored in {@code …:expires}, which the caller's clock set; Redis
 * also expires both keys (PX/PEXPIRE) so that abandoned sessions do not stay in memory.
 *
 * <p>Redis may write its memory to disk (RDB, AOF): with a key configured each turn's text is sealed
 * ({@link FieldProtection}) to its session, time and profile before it leaves the process.
 */
public final class RedisSessionTurns implements SessionTurns {
    // KEYS: turns, expires; ARGV: turn json, now ms, expires-at ms, max turns, key lifetime ms
    private static final String APPEND = """
            local exp = redis.call('GET', KEYS[2])
            if (not exp) or tonumber(exp) <= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
            redis.call('RPUSH', KEYS[1], ARGV[1])
            redis.call('LTRIM', KEYS[1], -tonumber(ARGV[4]), -1)
            redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[5])
            redis.call('PEXPIRE', KEYS[1], ARGV[5])
            return 1
            """;
    // KEYS: turns, expires; ARGV: now ms, how many; answers {expires-at ms, turn json…} or {}
    private static final String READ = """
            local exp = redis.call('GET', KEYS[2])
            if (not exp) or tonumber(exp) <= tonumber(ARGV[1]) then return {} end
            local turns = redis.call('LRANGE', KEYS[1], -tonumber(ARGV[2]), -1)
            table.insert(turns, 1, exp)
            return turns
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Redis redis;
    private final String keyPrefix;
    private final Duration timeout;
    private final FieldProtection protection;

    /**
     * @param keyPrefix put before every key, e.g. {@code pm-memory:}; lets several deployments (or test
     *                  runs) share one Redis
     * @param timeout   the longest one call waits for Redis before the session call fails as unavailable
     */
    public RedisSessionTurns(Redis redis, String keyPrefix, Duration timeout) {
        this(redis, keyPrefix, timeout, FieldProtection.none());
    }

    /** @param protection seals each turn's text before it is sent to Redis and opens it when read back */
    public RedisSessionTurns(Redis redis, String keyPrefix, Duration timeout, FieldProtection protection) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.protection = Objects.requireNonNull(protection, "protection");
    }

    @Override
    public void append(SessionTurn turn, Instant expiresAt) {
        long now = turn.createdAt().toEpochMilli();
        long keyLifetime = Math.max(1, expiresAt.toEpochMilli() - now);
        eval(APPEND, turn.sessionId(), encode(turn), Long.toString(now), Long.toString(expiresAt.toEpochMilli()),
                Integer.toString(MAX_TURNS), Long.toString(keyLifetime));
    }

    @Override
    public StoredSession lastTurns(String sessionId, int last, Instant now) {
        Response answer = eval(READ, sessionId, Long.toString(now.toEpochMilli()), Integer.toString(last));
        if (answer == null || answer.size() == 0) {
            return StoredSession.NONE;
        }
        Instant expiresAt = Instant.ofEpochMilli(Long.parseLong(answer.get(0).toString()));
        List<SessionTurn> turns = new ArrayList<>(answer.size() - 1);
        for (int i = 1; i < answer.size(); i++) {
            turns.add(decode(sessionId, answer.get(i).toString()));
        }
        return new StoredSession(turns, Optional.of(expiresAt));
    }

    @Override
    public boolean isAvailable() {
        try {
            await(redis.send(Request.cmd(Command.PING)));
            return true;
        } catch (SessionsUnavailableException e) {
            return false;
        }
    }

    private Response eval(String script, String sessionId, String... args) {
        Request request = Request.cmd(Command.EVAL).arg(script).arg(2)
                .arg(keyPrefix + "session:{" + sessionId + "}:turns")
                .arg(keyPrefix + "session:{" + sessionId + "}:expires");
        for (String arg : args) {
            request.arg(arg);
        }
        return await(redis.send(request));
    }

    private Response await(io.vertx.core.Future<Response> call) {
        try {
            return call.toCompletionStage().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new SessionsUnavailableException("Redis: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new SessionsUnavailableException("Redis: no answer within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SessionsUnavailableException("Redis: interrupted while waiting", e);
        }
    }

    private String encode(SessionTurn turn) {
        ObjectNode node = JSON.createObjectNode()
                .put("role", turn.role().wireName())
                .put("content", protection.seal(turn.content(),
                        AssociatedData.ofTurn(turn.sessionId(), turn.createdAt(), turn.profileId())))
                .put("created_at", turn.createdAt().toEpochMilli());
        if (turn.profileId() != null) {
            node.put("profile_id", turn.profileId());
        }
        return node.toString();
    }

    private SessionTurn decode(String sessionId, String json) {
        try {
            JsonNode node = JSON.readTree(json);
            TurnRole role = TurnRole.fromWireName(node.path("role").asText())
                    .orElseThrow(() -> new IllegalStateException("unknown role in a stored turn: " + node.path("role")));
            JsonNode profile = node.get("profile_id");
            String profileId = profile == null || profile.isNull() ? null : profile.asText();
            Instant createdAt = Instant.ofEpochMilli(node.path("created_at").asLong());
            String content = protection.open(node.path("content").asText(),
                    AssociatedData.ofTurn(sessionId, createdAt, profileId));
            return new SessionTurn(sessionId, role, content, profileId, createdAt);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored turn is not JSON", e);
        }
    }
}
