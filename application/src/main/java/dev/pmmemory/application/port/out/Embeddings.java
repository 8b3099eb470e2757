package dev.pmmemory.application.port.out;

/**
 * Turns a text into a vector for semantic recall. Optional: without it recall is keyword
 * recall only. An implementation runs fully offline and is thread-safe.
 */
public interface Embeddings {

    /** The text's embedding; every call with one {@link #model()} returns vectors of one length. */
    float[] embed(String text);

    /**
     * The model's name and version: vectors are stored and compared per model, so a model change
     * never compares vectors of two models.
     */
    String model();

    /**
     * The model's typical cosine between two unrelated texts (e.g. the median over pairs of
     * different messages), in [0, 1): the hybrid keyword_match counts only what lies above it.
     */
    double unrelatedCosine();

    /**
     * The cosine above which a text sharing no word with a query is about the same thing (a match,
     * ranked with those sharing a term), at or above {@link #unrelatedCosine}; measured per model
     * on retrieval cases.
     */
    double matchCosine();
}
