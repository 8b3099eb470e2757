package dev.pmmemory.application.port.in;

/** Edits the deployment-wide entity registry (admin). Every change is audited. */
public interface ManageEntities {

    /**
     * Creates or replaces the entity {@code name} with exactly these aliases and kind; memories that
     * name it by a new alias are re-indexed in the background.
     *
     * @throws dev.pmmemory.application.InvalidInputException  bad name, alias or kind
     * @throws dev.pmmemory.application.StateConflictException a name already belongs to another entity
     */
    EntityChange put(PutEntityCommand command);

    /**
     * Removes the entity (its canonical name or an alias); memories keep their text.
     *
     * @throws dev.pmmemory.application.NotFoundException no such entity
     */
    void delete(String name, String actor);
}
