/** Index and alias names the port accepts (see SearchEngine.createIndex); nothing else reaches an engine. */
const INDEX_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** True when the name is a valid index or alias name. */
export function isValidName(name: string): boolean {
  return INDEX_NAME.test(name);
}
