import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { rendererImportZones } from './scripts/eslint/renderer-import-zones.js';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'os',
  'http',
  'https',
  'net',
  'child_process',
  'stream',
  'url',
  'util',
];

/** Server layers (issue 8 §3), in a rule of their own so they add to the server's no-restricted-imports. */
const STORE_MESSAGE = "A module reaches another module's tables through that module's service, never its store.";
const OTHER_MODULES_STORE = { group: ['../*/*.store', '**/modules/*/*.store'], message: STORE_MESSAGE };
const MODULE_STORE = { group: ['**/modules/*/*.store'], message: STORE_MESSAGE };
const ANY_STORE = {
  group: ['./*.store', '../*/*.store', '**/modules/*/*.store'],
  message: 'Routes call services; only a service imports its own store.',
};
const HTTP_LAYER = {
  group: ['koa', 'koa-*', '@koa/*', '**/http/*'],
  message: 'Services and stores know nothing of HTTP: throw a DomainError and let http/ answer.',
};
const serverLayers = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

/** API paths are declared once, in shared/api/routes.ts (issue 8 §4); the server, clients and tests build on them. */
const CONTRACT_MESSAGE = 'Take API paths from apiRoutes in shared/api/routes.ts; declare a new one there.';
const API_PATH_LITERALS = [
  { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: CONTRACT_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: CONTRACT_MESSAGE },
];
const ROUTE_PATTERN_LITERALS = [
  {
    selector:
      "CallExpression[callee.object.name='router'][callee.property.name=/^(get|post|put|patch|delete|all|register)$/]",
    message:
      "Serve a row of the route table, behind the guards it names: router.handle(apiRoutes.<domain>.<route>, 'GET', …).",
  },
];
/** One API slice (core/baseApi.ts): its cache tags are declared once, and endpoints join it only through the duplicate-refusing helper. */
const ONE_API_SLICE = [
  {
    selector: "ImportSpecifier[imported.name='createApi']",
    message: 'The renderer has one API slice, core/baseApi.ts: add endpoints to it with injectEndpoints.',
  },
  {
    selector: "CallExpression[callee.property.name='enhanceEndpoints']",
    message: 'Declare cache tags once, in the tagTypes of core/baseApi.ts.',
  },
  {
    selector: "CallExpression[callee.object.name='baseApi'][callee.property.name='injectEndpoints']",
    message: 'Add endpoints with injectEndpoints from core/baseApi.ts, which refuses a name already taken.',
  },
];
const ENDPOINT_LITERALS = [
  {
    selector:
      "Property[key.name='url'] > :matches(Literal, TemplateLiteral), Property[key.name='query'] > ArrowFunctionExpression > :matches(Literal, TemplateLiteral)",
    message: 'Call an endpoint by its contract path: apiRoutes.<domain>.<route>.relative(…).',
  },
];

const BASE_API = 'renderer/src/core/baseApi.ts';
const restrictedSyntax = (...groups) => ({ 'no-restricted-syntax': ['error', ...groups.flat()] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-electron/**',
      'release/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'electron/**/*.ts', '*.config.ts', 'knexfile.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // shared/ runs in the server, the renderer and Electron: no Node, no DOM, no Electron.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NODE_BUILTINS, message: 'shared/ must not import Node built-ins.' },
            { group: ['electron', 'electron/*'], message: 'shared/ must not import Electron.' },
            { group: ['react', 'react-dom', '@mui/*'], message: 'shared/ must not import UI code.' },
            { group: ['**/server/**', '**/renderer/**', '**/electron/**'], message: 'shared/ imports only shared/.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'navigator',
        'process',
        'Buffer',
        'require',
      ],
    },
  },
  {
    // The renderer reaches the server only over HTTP and Electron only through the preload bridge.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/electron/**'],
              message: 'The renderer must not import server/ or electron/.',
            },
            {
              group: ['electron', 'electron/*'],
              message: 'The renderer reaches Electron only through the preload bridge.',
            },
            { group: NODE_BUILTINS, message: 'The renderer runs in a browser.' },
            {
              group: ['@mui/material/*/*'],
              message: 'Import MUI components by their public path (@mui/material/Button) or by name.',
            },
          ],
          paths: [
            {
              name: '@mui/icons-material',
              message: 'Import icons by path (@mui/icons-material/Logout), never the barrel.',
            },
          ],
        },
      ],
    },
  },
  {
    // Renderer layers: a feature reaches another only through its index.ts; components/ never import features/.
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'renderer-layers': { rules: { 'import-zones': rendererImportZones } } },
    rules: { 'renderer-layers/import-zones': 'error' },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**'],
              message: 'Electron shares types with the renderer through shared/, never by importing renderer/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/electron/**', 'electron'],
              message: 'The server must not import renderer/ or electron/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's store is its own: other modules, and the rest of the server, go through its service.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/**', 'server/src/**/*.test.ts'],
    rules: serverLayers(MODULE_STORE),
  },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: serverLayers(OTHER_MODULES_STORE),
  },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    rules: serverLayers(ANY_STORE),
  },
  {
    files: ['server/src/modules/**/*.service.ts', 'server/src/modules/**/*.store.ts'],
    rules: serverLayers(OTHER_MODULES_STORE, HTTP_LAYER),
  },
  // no-restricted-syntax: a block that sets a rule replaces the options of every earlier block that set it for the same
  // file, so each block below lists every group its files answer to (tests/lint/eslint-contracts.test.ts checks it).
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared/api/routes.ts', 'shared/api/route-definition.ts', 'shared/api/routes.test.ts'],
    rules: restrictedSyntax(API_PATH_LITERALS),
  },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    rules: restrictedSyntax(API_PATH_LITERALS, ROUTE_PATTERN_LITERALS),
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: [BASE_API],
    rules: restrictedSyntax(API_PATH_LITERALS, ONE_API_SLICE),
  },
  {
    files: ['renderer/src/**/*Api.ts'],
    ignores: [BASE_API],
    rules: restrictedSyntax(API_PATH_LITERALS, ONE_API_SLICE, ENDPOINT_LITERALS),
  },
  {
    files: [BASE_API],
    rules: restrictedSyntax(API_PATH_LITERALS, ENDPOINT_LITERALS),
  },
);
