const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a UUID, as the database's ids are: checked before a lookup so a bad id is a 404, not a 500. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
