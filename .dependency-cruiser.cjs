/**
 * adlink's layer rules as code (docs/design.md, "Layers"): `npm run lint:deps`, part of `npm run check`.
 * Dependencies point down: routes → resource services → their ports (and connections/, store/) → the
 * base; platforms/ implements the ports and is injected, so no arrow runs from a service to it.
 */

/** The base: modules every layer may use, which import only each other (and packages). */
const BASE = '^src/(domain|crypto|config)/|^src/(config|errors|ids|names|map-bounded|bounded-map|each-yielding|in-flight|logger)[.]ts$';
/** Route modules: they parse, call one service, map its answer. */
const ROUTES = '^src/(api|integrations)/|^src/connect/(routes|opener)[.]ts$';
/** The layers that serve requests and commands: routes, the hosted flow, the API description, the MCP server, the CLI, dev pages. */
const ROUTE_LAYERS = '^src/(api|connect|integrations|openapi|mcp|cli|dev)/';
/** What assembles the app and starts the process: the only modules above the route layers. */
const ENTRY_POINTS = '^src/(app|server|cli)[.]ts$';
/** The resources: each its model, its port (`port.ts`) and its service. */
const RESOURCES = '^src/(adsets|campaigns|reports|access-tokens|events)/';
/** The ports: the resources' `port.ts` and what every platform shares (src/ports/). */
const PORTS = '^src/ports/|^src/[^/]+/port[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle makes load order matter and the modules one unit: split out what both need ' +
        '(type-only imports count: a type cycle is still one design).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'base-imports-only-base',
      severity: 'error',
      comment:
        'The base (domain/ ids and statuses, crypto/, config, errors, ids, names, logger, map-bounded) is ' +
        'what every layer may import, so it imports nothing of adlink above it.',
      from: { path: BASE },
      to: { path: '^src/', pathNot: BASE },
    },
    {
      name: 'store-imports-only-base',
      severity: 'error',
      comment:
        'store/ sits under every service: it imports only itself and the base. The ids and statuses it ' +
        'keeps come from domain/, never from platforms/ or a resource.',
      from: { path: '^src/store/' },
      to: { path: '^src/', pathNot: `^src/store/|${BASE}` },
    },
    {
      name: 'platforms-below-services',
      severity: 'error',
      comment:
        'platforms/ implements the ports, mapping each API to the unified model: it may use the ports, a ' +
        'resource model (adsets/model, money, countries) and store types, never http plumbing, a service, ' +
        'connections/, a route, events, metrics, the sandbox server or the app. The sandbox adapter speaks ' +
        'the sandbox API over HTTP like any other platform; its wire format (platforms/sandbox/model.ts) ' +
        'is the one the server imports.',
      from: { path: '^src/platforms/' },
      to: {
        path: `^src/(http|connections|events|metrics|sandbox)/|${ROUTE_LAYERS}|${ENTRY_POINTS}|^src/[^/]+/service[.]ts$`,
      },
    },
    {
      name: 'resources-reach-platforms-through-ports',
      severity: 'error',
      comment:
        'A resource (model, port, service) and the connections its service calls through never import ' +
        'platforms/: they name the ports (<resource>/port.ts, src/ports/) and get the adapters injected, ' +
        'so a resource reads without opening any platform.',
      from: { path: `${RESOURCES}|^src/connections/` },
      to: { path: '^src/platforms/' },
    },
    {
      name: 'ports-import-no-implementation',
      severity: 'error',
      comment:
        'A port states what a platform adapter does in the domain\'s terms: it imports models, store ' +
        'types and other ports, never an adapter, a service, connections/ or a layer above.',
      from: { path: PORTS },
      to: {
        path: `^src/(platforms|connections)/|${ROUTE_LAYERS}|${ENTRY_POINTS}|^src/[^/]+/service[.]ts$`,
      },
    },
    {
      name: 'nothing-below-the-routes-imports-them',
      severity: 'error',
      comment:
        'The route layers (api/, connect/, integrations/, openapi/, mcp/, cli/, dev/) sit on top: what they ' +
        'share with the services (connections/, the OAuth client, the token gate) lives below them, so ' +
        'only they and the entry points import them.',
      from: { path: '^src/', pathNot: `${ROUTE_LAYERS}|${ENTRY_POINTS}` },
      to: { path: ROUTE_LAYERS },
    },
    {
      name: 'sandbox-server-beside-the-app',
      severity: 'error',
      comment:
        'sandbox/ is the built-in ad platform adlink serves at /sandbox, a server beside the route ' +
        'layers: it uses the base, store/ (its Kv), http/ plumbing, locales/, the money and country ' +
        'rules of adsets/ and, of platforms/, the sandbox API\'s wire format and login hint ' +
        '(platforms/sandbox/model.ts, login-hint.ts), never a service, a route, ' +
        'the adapter or the app: it knows adlink only as one of its OAuth clients.',
      from: { path: '^src/sandbox/' },
      to: {
        path: '^src/',
        pathNot: `^src/(sandbox|store|http|locales)/|^src/adsets/(money|countries)[.]ts$|^src/platforms/sandbox/(model|login-hint)[.]ts$|${BASE}`,
      },
    },
    {
      name: 'sandbox-server-mounted-by-the-app-alone',
      severity: 'error',
      comment:
        'Only app.ts mounts the sandbox server (createSandboxRouter): adlink reaches it over HTTP, as ' +
        'any platform, so no service, route or adapter imports it.',
      from: { path: '^src/', pathNot: '^src/(sandbox/|app[.]ts$)' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'routes-reach-platforms-through-services',
      severity: 'error',
      comment:
        'A route holds the injected `Platforms` directory (src/ports/platforms.ts: catalog entries, ' +
        'availability) and nothing of platforms/: calls to a platform and its errors are reached ' +
        'through services (adsets/, connect/ flow, links, tokens).',
      from: { path: ROUTES },
      to: { path: '^src/platforms/' },
    },
    {
      name: 'routes-hold-ports-as-types',
      severity: 'error',
      comment:
        'The `Platforms` directory comes injected (createXRoutes(deps)): a route imports only types of ' +
        'the ports, never a platform error to catch (services map those).',
      from: { path: ROUTES },
      to: { path: PORTS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-emulators-tests-or-bench-in-src',
      severity: 'error',
      comment: 'The emulators, tests and bench stand outside the production code: src/ never imports them.',
      from: { path: '^src/' },
      to: { path: '^(emulators|test|bench)/' },
    },
    {
      name: 'no-dead-modules',
      severity: 'error',
      comment: 'Every module is reachable from an entry point (server.ts, cli.ts).',
      from: { path: '^src/(server|cli)[.]ts$' },
      to: {
        path: '^src/',
        pathNot: '^src/(server|cli)[.]ts$',
        reachable: false,
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the cruiser cannot resolve would slip past every rule above.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment: 'The production image installs no devDependencies: src/ imports only dependencies.',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // With tsConfig, `./x.js` specifiers (NodeNext) resolve to `./x.ts`; not-to-unresolvable checks it.
    enhancedResolveOptions: {
      extensions: ['.ts', '.js'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
