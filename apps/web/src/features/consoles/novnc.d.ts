/// <reference types="novnc__novnc" />
// noVNC 1.7 exports its RFB class as the package's main module; @types/novnc__novnc describes it
// under its old path.
declare module '@novnc/novnc' {
  import RFB from '@novnc/novnc/lib/rfb';
  export default RFB;
}
