package dev.pmmemory.adapters.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WriteSequenceTest {

    @Test
    void aReadStaysCurrentUntilAWriteOfItsProfileEnds() {
        WriteSequence writes = new WriteSequence();
        long read = writes.sequence();

        assertThat(writes.unchangedSince("pm-a", read)).isTrue();
        writes.writing("pm-b");
        writes.written("pm-b");
        assertThat(writes.unchangedSince("pm-a", read)).as("another profile's write").isTrue();
        writes.written("pm-a");
        assertThat(writes.unchangedSince("pm-a", read)).isFalse();
    }

    @Test
    void aReadThatAWriteOfTheProfileOvertookIsNotCurrent() {
        WriteSequence writes = new WriteSequence();
        long read = writes.sequence(); // the read begins
        writes.written("pm-a");        // a write ends while it reads

        assertThat(writes.unchangedSince("pm-a", read)).isFalse();
    }

    @Test
    void whileAWriteOfTheProfileIsUnderWayNoReadOfItIsCurrent() {
        WriteSequence writes = new WriteSequence();
        writes.writing("pm-a"); // committed, perhaps, but not yet counted
        long during = writes.sequence();
        assertThat(writes.unchangedSince("pm-a", during)).isFalse();

        writes.written("pm-a");
        assertThat(writes.unchangedSince("pm-a", during)).as("read while the write was under way").isFalse();
        assertThat(writes.unchangedSince("pm-a", writes.sequence())).isTrue();
    }
}
