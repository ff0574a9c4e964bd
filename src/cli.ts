import { resolve } from './cli/args.js';
import { type Command, CommandError, type Io, json, UsageError } from './cli/command.js';
import { COMMANDS } from './cli/commands.js';
import { withStore } from './cli/store.js';
import { synopsis } from './cli/usage.js';
import { loadConfig } from './config.js';

/**
 * The operator CLI (`adlink`, see bin/adlink.js). stdout carries only the command's output (text, or
 * JSON with --json); messages go to stderr. Exit status: 0 done, 1 failed, 2 usage or configuration.
 */

const processIo: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

const usageHint = (command: Command) =>
  `Usage: adlink ${synopsis(command)} [--json]\nRun "adlink ${command.name} --help" for details.\n`;

/** Runs one invocation and returns its exit status; never throws. */
export async function main(
  argv: string[],
  io: Io = processIo,
  commands: Command[] = COMMANDS,
): Promise<number> {
  try {
    const invocation = resolve(argv, commands);
    if (invocation.kind === 'text') {
      io.out(invocation.json ? json(invocation.data) : invocation.text);
      return 0;
    }
    const { command, ctx } = invocation;
    if (command.store) {
      const config = loadConfig();
      await withStore(config, io, (store) => command.run({ ...ctx, io }, store, config));
    } else {
      await command.run({ ...ctx, io });
    }
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      const hint =
        err.hint ?? (err.command ? usageHint(err.command) : 'Run "adlink help" for the list of commands.\n');
      io.err(`adlink: ${err.message}\n${hint}`);
      return 2;
    }
    if (err instanceof CommandError) {
      io.err(`adlink: ${err.message}\n`);
      return 1;
    }
    io.err(`adlink: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}

/**
 * The bin entry: runs argv and exits once stdout and stderr are flushed. Exiting explicitly matters:
 * a Redis connection that failed to open keeps retrying in the background and would hold the process.
 */
export async function run(argv: string[] = process.argv.slice(2)): Promise<void> {
  const code = await main(argv);
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
