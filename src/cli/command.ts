import type { Config } from '../config.js';
import type { Store } from '../store/index.js';

/** Where a command writes: stdout carries only the command's output, stderr everything else. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export interface OptionSpec {
  name: string;
  /** Placeholder shown in usage (`--name NAME`); options without one are boolean flags. */
  value?: string;
  /** May be given several times; the command gets every value, in order. */
  multiple?: boolean;
  required?: boolean;
  description: string;
}

export interface ArgSpec {
  name: string;
  description: string;
}

export interface Context {
  /** Parsed options: strings (lists for `multiple` options), flags as booleans. */
  values: Record<string, string | string[] | boolean | undefined>;
  /** Positional arguments after the command words, one per entry of `args`. */
  args: string[];
  json: boolean;
  io: Io;
}

interface CommandBase {
  /** The words that select the command: `company create`. */
  name: string;
  summary: string;
  /** Required positional arguments, in order. */
  args?: ArgSpec[];
  options?: OptionSpec[];
  /** Extra lines for `adlink <command> --help`. */
  details?: string[];
}

/** A command that works on the store named by REDIS_URL; the caller opens and closes it. */
export interface StoreCommand extends CommandBase {
  store: true;
  run(ctx: Context, store: Store, config: Config): Promise<void>;
}

export interface LocalCommand extends CommandBase {
  store: false;
  run(ctx: Context): Promise<void>;
}

export type Command = StoreCommand | LocalCommand;

/**
 * Bad invocation or configuration: exit 2 with the message, then `hint` when given, else the usage of
 * `command`, else a pointer to `adlink help`. An empty hint prints nothing more.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: Command,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The command ran but could not do what was asked: exit 1 with the message. */
export class CommandError extends Error {}

export const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
