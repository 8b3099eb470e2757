package dev.pmmemory.adapters.classifier.llm;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** Collects the classifier's log lines (the JDK's System.Logger writes to java.util.logging here). */
final class LogCapture extends Handler implements AutoCloseable {

    record Line(Level level, String text) {
    }

    private final Logger logger;
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    LogCapture() {
        this(OpenAiCompatibleClassifier.class.getName());
    }

    LogCapture(String loggerName) {
        logger = Logger.getLogger(loggerName);
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    List<Line> lines() {
        return List.copyOf(lines);
    }

    List<Line> warnings() {
        return lines.stream().filter(l -> l.level() == Level.WARNING).toList();
    }

    @Override
    public void publish(LogRecord record) {
        String thrown = record.getThrown() == null ? "" : " " + record.getThrown();
        lines.add(new Line(record.getLevel(), formatter.formatMessage(record) + thrown));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
