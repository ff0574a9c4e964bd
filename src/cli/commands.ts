import type { Command } from './command.js';
import { companyCreate, companyList } from './companies.js';
import { keysGenerate, keysReencrypt } from './keys.js';
import { login, logout } from './login.js';
import { mcp } from './mcp.js';
import { settingsGet, settingsSet } from './settings.js';
import { tokenCreate, tokenList, tokenRevoke } from './tokens.js';

/** Every command, in the order `adlink help` lists them. A new command is one more entry here. */
export const COMMANDS: Command[] = [
  companyCreate,
  companyList,
  tokenCreate,
  tokenList,
  tokenRevoke,
  settingsGet,
  settingsSet,
  login,
  logout,
  keysGenerate,
  keysReencrypt,
  mcp,
];
