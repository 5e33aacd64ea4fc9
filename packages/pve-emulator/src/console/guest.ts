/** What a console needs to know about its VM; the API side implements it from VM state. */
export interface GuestAccess {
  /** e.g. 'web-1' */
  hostname(): string;
  /** e.g. 'Debian GNU/Linux 12 (bookworm)' */
  osPrettyName(): string;
  /** A stopped VM shows no login: RFB draws a "not running" screen, the terminal closes with a message. */
  running(): boolean;
  /** The current credentials (cloud-init, or set through the guest agent). */
  checkLogin(user: string, password: string): boolean;
}
