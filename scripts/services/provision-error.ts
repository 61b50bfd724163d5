/** The private instances cannot be provisioned on this machine as it is; the message says what to change. */
export class ProvisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProvisionError';
  }
}
