import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Command, type Context, UsageError } from './command.js';
import { COMMON_OPTIONS, commandUsage, groupUsage, mainUsage, synopsis } from './usage.js';

/** What argv asks for: a text to print (help), or a command to run. */
export type Invocation =
  | { kind: 'text'; text: string; data: unknown; json: boolean }
  | { kind: 'run'; command: Command; ctx: Omit<Context, 'io'> };

const isFlag = (arg: string) => arg.startsWith('-');

/** The parseArgs TypeErrors carry a code; their first sentence is the useful part. */
function argsError(err: unknown, command: Command): never {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    const first = (err as Error).message.split(/\.(?:\s|$)/)[0] ?? '';
    throw new UsageError(first.charAt(0).toLowerCase() + first.slice(1), command);
  }
  throw err;
}

const commandList = (commands: Command[]) =>
  commands.map((c) => ({ command: c.name, usage: `adlink ${synopsis(c)}`, summary: c.summary }));

/** The longest command whose words start `words`. */
function findCommand(words: string[], commands: Command[]): Command | undefined {
  let best: Command | undefined;
  for (const command of commands) {
    const name = command.name.split(' ');
    if (name.every((w, i) => words[i] === w) && name.length > (best?.name.split(' ').length ?? 0)) {
      best = command;
    }
  }
  return best;
}

/** Help for `topic` (command words): the whole list, one group, or one command. */
function help(topic: string[], commands: Command[], json: boolean): Invocation {
  const text = (text: string, listed: Command[]): Invocation => ({
    kind: 'text',
    text,
    data: { data: commandList(listed) },
    json,
  });
  if (topic.length === 0) return text(mainUsage(commands), commands);
  const command = findCommand(topic, commands);
  if (command && command.name.split(' ').length === topic.length)
    return text(commandUsage(command), [command]);
  const group = commands.filter((c) => c.name.startsWith(`${topic[0]} `));
  if (group.length > 0 && topic.length === 1) return text(groupUsage(topic[0]!, group), group);
  throw new UsageError(`unknown command: ${topic.join(' ')}`);
}

/** Resolves argv (without node and the script) to an invocation; throws UsageError. */
export function resolve(argv: string[], commands: Command[]): Invocation {
  // Only --json and --help may come before the command words.
  let start = 0;
  let json = false;
  let wantsHelp = false;
  for (; start < argv.length && isFlag(argv[start]!); start++) {
    const flag = argv[start];
    if (flag === '--json') json = true;
    else if (flag === '--help' || flag === '-h') wantsHelp = true;
    else throw new UsageError(`unknown option ${flag} (options go after the command)`);
  }
  const rest = argv.slice(start);
  let end = rest.findIndex(isFlag);
  if (end === -1) end = rest.length;
  const words = rest.slice(0, end);

  if (words[0] === 'help') {
    const flags = rest.slice(end);
    const extra = flags.filter((a) => a !== '--json');
    if (extra.length > 0) throw new UsageError(`unknown option ${extra[0]} for help`);
    return help(words.slice(1), commands, json || flags.length > 0);
  }
  const command = findCommand(words, commands);
  if (!command) {
    const flags = rest.slice(end);
    if (words.length === 0) return help([], commands, json);
    const group = commands.filter((c) => c.name.startsWith(`${words[0]} `));
    if (group.length === 0) throw new UsageError(`unknown command: ${words[0]}`);
    if (words.length === 1 && (wantsHelp || flags.includes('--help') || flags.includes('-h'))) {
      return help(words, commands, json || flags.includes('--json'));
    }
    const problem =
      words.length === 1 ? `missing command after "${words[0]}"` : `unknown command: ${words.join(' ')}`;
    throw new UsageError(problem, undefined, groupUsage(words[0]!, group));
  }

  const specs = [...(command.options ?? []), ...COMMON_OPTIONS];
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const o of specs) {
    // Every string option is collected as a list, so a repeated one is caught instead of the last winning.
    options[o.name] = o.value
      ? { type: 'string', multiple: true }
      : { type: 'boolean', ...(o.name === 'help' ? { short: 'h' } : {}) };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest.slice(command.name.split(' ').length),
      options,
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    argsError(err, command);
  }
  const values = parsed.values as Context['values'];
  for (const o of specs) {
    const given = values[o.name];
    if (!o.value || o.multiple || !Array.isArray(given)) continue;
    if (given.length > 1) throw new UsageError(`--${o.name} given more than once`, command);
    values[o.name] = given[0];
  }
  json ||= values.json === true;
  if (wantsHelp || values.help === true) return help(command.name.split(' '), commands, json);

  const expected = command.args ?? [];
  const { positionals } = parsed;
  if (positionals.length < expected.length) {
    throw new UsageError(`missing ${expected[positionals.length]!.name}`, command);
  }
  if (positionals.length > expected.length) {
    throw new UsageError(`unexpected argument: ${positionals[expected.length]}`, command);
  }
  for (const o of specs) {
    if (o.required && values[o.name] === undefined)
      throw new UsageError(`missing --${o.name} ${o.value}`, command);
  }
  return { kind: 'run', command, ctx: { values, args: positionals, json } };
}
