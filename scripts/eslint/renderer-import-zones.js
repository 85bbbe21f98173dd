import path from 'node:path';

/**
 * The renderer's layers, checked on the path an import resolves to (so that `../x`, `../../features/x/y` and any
 * depth of folder are judged alike):
 * - core/ (store, API slice, session, access rules) is what everything may build on; it imports no feature and no
 *   part of the shell;
 * - a feature may import core/ and components/, reaches another feature only through that feature's index.ts, and
 *   never imports the shell;
 * - components/ may import core/, never a feature nor the shell;
 * - the shell (app/, main.tsx) composes the rest: the frame, the routes, the navigation; it may load any page.
 */
export const rendererImportZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the renderer core, components, features and shell in their layers' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      featureInternals:
        "'{{source}}' reaches inside the {{target}} feature: import what it offers from its index.ts ('{{entry}}').",
      componentsImportFeature:
        "components/ must not import features/ ('{{source}}'): move the shared piece into components/, or compose it in app/.",
      coreImportsFeature:
        "core/ must not import features/ ('{{source}}'): the core is what features build on; compose features in app/.",
      importsShell:
        "{{layer}} must not import the shell ('{{source}}'): move what it needs into core/, or let app/ pass it down.",
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0]?.root ?? 'renderer/src');
    const featuresDir = path.join(root, 'features');
    const file = path.resolve(context.filename);
    const layer = layerOf(root, file);
    if (layer === 'shell' || layer === 'other') return {};
    const fromFeature = featureOf(featuresDir, file);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      if (layerOf(root, resolved) === 'shell') {
        context.report({
          node,
          messageId: 'importsShell',
          data: { source, layer: `${layer === 'features' ? 'A feature' : `${layer}/`}` },
        });
        return;
      }
      const target = featureOf(featuresDir, resolved);
      if (!target) return;
      if (layer === 'components') {
        context.report({ node, messageId: 'componentsImportFeature', data: { source } });
      } else if (layer === 'core') {
        context.report({ node, messageId: 'coreImportsFeature', data: { source } });
      } else if (target.name !== fromFeature.name && !isIndex(target.rest)) {
        const entry = path.relative(path.dirname(file), path.join(featuresDir, target.name)).split(path.sep).join('/');
        context.report({ node, messageId: 'featureInternals', data: { source, target: target.name, entry } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

function isInside(dir, file) {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Which layer of the renderer a path lies in: core, components, features, shell (app/ and main.tsx), or other. */
function layerOf(root, file) {
  for (const layer of ['core', 'components', 'features']) if (isInside(path.join(root, layer), file)) return layer;
  if (isInside(path.join(root, 'app'), file) || /^main(\.tsx?)?$/.test(path.relative(root, file))) return 'shell';
  return 'other';
}

/** The feature a path lies in, and the rest of the path inside it. */
function featureOf(featuresDir, file) {
  if (!isInside(featuresDir, file)) return null;
  const [name, ...rest] = path.relative(featuresDir, file).split(path.sep);
  return { name, rest: rest.join('/') };
}

function isIndex(rest) {
  return rest === '' || /^index(\.tsx?)?$/.test(rest);
}
