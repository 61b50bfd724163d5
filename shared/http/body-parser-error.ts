/**
 * The errors express's body parsers raise (http-errors objects), told apart by `type`. A body that fails to
 * decompress (Content-Encoding gzip, deflate or br over other bytes) is zlib's own error, passed on with a status
 * but no `type`.
 */
export type BodyParserError = Error & { status: number; type?: string };

/** Whether `err` came from express.json / express.urlencoded (malformed body, bad charset, too large, undecodable...). */
export function isBodyParserError(err: unknown): err is BodyParserError {
  if (!(err instanceof Error) || !('status' in err) || typeof err.status !== 'number') return false;
  if ('type' in err) return typeof err.type === 'string';
  return 'errno' in err && typeof err.errno === 'number' && 'code' in err && typeof err.code === 'string';
}
