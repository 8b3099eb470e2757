package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Calls the REST API the way a bot does; one fresh profile id per test keeps tests independent. */
final class Api {
    private Api() {
    }

    static String newProfile(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static ValidatableResponse feedback(String profile, String message) {
        return feedback(profile, Map.of("message", message));
    }

    static ValidatableResponse feedback(String profile, String message, String createdAt) {
        return feedback(profile, Map.of("message", message, "created_at", createdAt));
    }

    static ValidatableResponse feedback(String profile, Map<String, ?> body) {
        return given().contentType(ContentType.JSON).body(new HashMap<>(body))
                .when().post("/v1/profiles/{p}/feedback", profile)
                .then();
    }

    static ValidatableResponse context(String profile, Map<String, ?> params) {
        return given().queryParams(new HashMap<>(params))
                .when().get("/v1/profiles/{p}/context", profile)
                .then();
    }

    static ValidatableResponse memories(String profile, Map<String, ?> params) {
        return given().queryParams(new HashMap<>(params))
                .when().get("/v1/profiles/{p}/memories", profile)
                .then();
    }

    static ValidatableResponse memory(String profile, String id) {
        return given().when().get("/v1/profiles/{p}/memories/{id}", profile, id).then();
    }
}
