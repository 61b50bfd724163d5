/** A failure whose body is the spec's ErrorMessageBody `{error}` (company profile 400 and 403). */
export class ErrorMessageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ErrorMessageError';
  }
}
