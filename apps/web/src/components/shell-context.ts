import { createContext, useContext } from 'react';

/** True inside the authenticated shell, whose header and main landmarks already exist. */
export const ShellContext = createContext(false);

export const useInShell = () => useContext(ShellContext);
