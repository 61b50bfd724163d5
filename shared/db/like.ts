/** Escapes LIKE's wildcards (and its escape character) so user text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE / ILIKE pattern matching values that contain `text` literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE / ILIKE pattern matching values that start with `text` literally. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
