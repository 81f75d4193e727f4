/**
 * The kit for programs (the package's main export): load a profile, run a certification, read a report. The
 * command line (payment-conformance) does the same; see README "Use it from code".
 */
export { loadProfile, type LoadedProfile } from './profile/load-profile.js';
export {
  certify,
  CertifyError,
  parseCertifyArgs,
  runCertification,
  type CertifyOptions,
} from './certify/certify-cli.js';
export { certifyReceiver, runReceiverCertification } from './certify/receiver-cli.js';
export { readConformanceReport, ReportInputError } from './report/read-report.js';
export { verifyPackage, type PackageVerification } from './package/verify-package.js';
export { EXIT_CODES } from './report/verdicts.js';
export type { ConformanceReport } from '../generated/report/conformance.gen.js';
export type { Profile } from '../generated/profile/profile.gen.js';
