package dev.pmmemory.adapters.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * A body with the same key twice is refused rather than read as "the last one wins": a client
 * (or an attacker) must not be able to slip a second value past whatever checked the first.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }
}
