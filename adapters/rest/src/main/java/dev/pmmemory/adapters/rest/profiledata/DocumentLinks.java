package dev.pmmemory.adapters.rest.profiledata;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What an export document holds across its parts: ids unique within a part, a raw message's memory in the
 * document, fact versions that follow one another. Parts that failed to read are null and are skipped, so
 * that a link to a part with an error is not named as a second, misleading error.
 */
final class DocumentLinks {
    private final Validation v;

    DocumentLinks(Validation v) {
        this.v = v;
    }

    <T> void unique(String field, List<T> parts, Function<T, String> id) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) != null && !seen.add(id.apply(parts.get(i)))) {
                v.fail(field + "[" + i + "].id", "repeats the id of an earlier item");
            }
        }
    }

    void uniqueMessageIds(List<RawMessage> raws) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < raws.size(); i++) {
            RawMessage m = raws.get(i);
            if (m != null && m.messageId() != null && !seen.add(m.messageId())) {
                v.fail("raw_messages[" + i + "].message_id", "repeats the message_id of an earlier message");
            }
        }
    }

    /**
     * A raw message's memory_id names a memory of the document: the service deletes a raw message with
     * its memory, so an export never holds one without the other. (A memory's source_message_ids and
     * superseded_by may name records a retention purge removed, so they are not checked.)
     */
    void messagesOfDocumentMemories(List<RawMessage> raws, List<Memory> memories) {
        if (memories.stream().anyMatch(Objects::isNull)) {
            return;
        }
        Set<String> memoryIds = memories.stream().map(Memory::id).collect(Collectors.toSet());
        for (int i = 0; i < raws.size(); i++) {
            RawMessage m = raws.get(i);
            if (m != null && m.memoryId() != null && !memoryIds.contains(m.memoryId())) {
                v.fail("raw_messages[" + i + "].memory_id", "must be the id of a memory in this document");
            }
        }
    }

    /**
     * What the stores hold of the versions together: at most one open version per attribute, and
     * a version follows (supersedes) another version of the same attribute in the document, which
     * no other version follows.
     */
    void factVersions(List<Fact> facts) {
        if (facts.stream().anyMatch(Objects::isNull)) {
            return;
        }
        Map<String, Fact> byId = new HashMap<>();
        facts.forEach(f -> byId.putIfAbsent(f.id(), f));
        Set<String> open = new HashSet<>();
        Set<String> followed = new HashSet<>();
        for (int i = 0; i < facts.size(); i++) {
            Fact f = facts.get(i);
            String p = "facts[" + i + "].";
            if (f.isOpen() && !open.add(f.attribute())) {
                v.fail(p + "valid_until", "must be set: another version of " + f.attribute()
                        + " is open already (at most one version per attribute is)");
            }
            if (f.supersedes() != null) {
                Fact previous = byId.get(f.supersedes());
                if (previous == null || previous == f || !previous.attribute().equals(f.attribute())) {
                    v.fail(p + "supersedes", "must be the id of another version of " + f.attribute()
                            + " in this document");
                } else if (!followed.add(f.supersedes())) {
                    v.fail(p + "supersedes", "repeats the supersedes of an earlier version (a version is "
                            + "followed by at most one)");
                }
            }
        }
    }
}
