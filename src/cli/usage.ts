import type { Command, OptionSpec } from './command.js';
import { table } from './format.js';

/** Options every command takes. */
export const COMMON_OPTIONS: OptionSpec[] = [
  { name: 'json', description: 'print JSON instead of text' },
  { name: 'help', description: 'show this help' },
];

const optionText = (o: OptionSpec) => `--${o.name}${o.value ? ` ${o.value}` : ''}`;

/** `company create --name NAME`: the command with its required arguments. */
export function synopsis(command: Command): string {
  const args = (command.args ?? []).map((a) => a.name);
  const required = (command.options ?? []).filter((o) => o.required).map(optionText);
  const optional = (command.options ?? []).filter((o) => !o.required).map((o) => `[${optionText(o)}]`);
  return [command.name, ...args, ...required, ...optional].join(' ');
}

function commandTable(commands: Command[], extra: string[][] = []): string {
  const rows = [...commands.map((c) => [synopsis(c), c.summary]), ...extra];
  return table(
    ['', ''],
    rows.map(([left, right]) => [`  ${left}`, right ?? '']),
  ).replace(/^\n/, '');
}

export function mainUsage(commands: Command[]): string {
  return [
    'adlink: operator commands for an adlink deployment',
    '',
    'Usage: adlink <command> [arguments] [--json]',
    '',
    'Commands:',
    commandTable(commands, [['help [COMMAND]', "Show this help, or one command's"]]).trimEnd(),
    '',
    'Every command accepts --json (machine-readable output on stdout) and --help.',
    'Store commands work on the Redis the server uses: set REDIS_URL and REDIS_KEY_PREFIX as for the server.',
    'Exit status: 0 done, 1 failed, 2 usage or configuration error.',
    '',
  ].join('\n');
}

export function groupUsage(group: string, commands: Command[]): string {
  return `Usage: adlink ${group} <command>\n\nCommands:\n${commandTable(commands)}`;
}

export function commandUsage(command: Command): string {
  const rows = [
    ...(command.args ?? []).map((a) => [`  ${a.name}`, a.description]),
    ...[...(command.options ?? []), ...COMMON_OPTIONS].map((o) => [
      `  ${o.name === 'help' ? '-h, ' : ''}${optionText(o)}`,
      o.description,
    ]),
  ];
  const details = command.details ? `\n${command.details.join('\n')}\n` : '';
  return `Usage: adlink ${synopsis(command)} [--json]\n\n${command.summary}.\n\n${table(['', ''], rows).replace(/^\n/, '')}${details}`;
}
