/** The errors express's body parsers raise (http-errors objects), told apart by `type`. */
export type BodyParserError = Error & { status: number; type: string };

/** Whether `err` came from express.json / express.urlencoded (malformed body, bad charset, too large...). */
export function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    err instanceof Error &&
    'type' in err &&
    typeof err.type === 'string' &&
    'status' in err &&
    typeof err.status === 'number'
  );
}
