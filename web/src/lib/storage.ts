import type { User } from "@procure/contracts";

const TOKEN_KEY = "token";
const USER_KEY = "user";
const THEME_KEY = "theme";

export type Theme = "light" | "dark";

// Storage can throw (private mode, quota, disabled cookies); the app must still run without it.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* not persisted; the in-memory state still holds for this tab */
  }
}

export const storage = {
  getToken: () => read(TOKEN_KEY),
  setSession: (token: string, user: User) => {
    write(TOKEN_KEY, token);
    write(USER_KEY, JSON.stringify(user));
  },
  setUser: (user: User) => write(USER_KEY, JSON.stringify(user)),
  clearSession: () => {
    write(TOKEN_KEY, null);
    write(USER_KEY, null);
  },
  getTheme: (): Theme | null => {
    const value = read(THEME_KEY);
    return value === "dark" || value === "light" ? value : null;
  },
  setTheme: (theme: Theme) => write(THEME_KEY, theme),
};
