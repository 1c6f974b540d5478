/** A problem in the linker's input that the user has to fix (bad object, forbidden section, unknown symbol...). */
export class LinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}
