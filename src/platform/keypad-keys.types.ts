/** What a keypad does with a key typed on a physical keyboard (H5 on a desktop, issue 26). */
export interface KeypadKeyHandlers {
  /** A digit '0'–'9', or '.' when the keypad has one: as its on-screen key. */
  onKey: (key: string) => void;
  /** Backspace: the on-screen delete key. */
  onDelete: () => void;
  /** Enter: the keypad's confirm key (the amount keypad's 完成); absent = Enter does nothing. */
  onEnter?: () => void;
}

export interface KeypadKeyOptions {
  /** The '.' key types a decimal point (the amount keypad; never the password's). */
  decimal?: boolean;
}
