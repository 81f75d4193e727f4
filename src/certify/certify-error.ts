/** The run cannot be carried out: exit 2 with this message. */
export class CertifyError extends Error {
  override readonly name = 'CertifyError';
}
