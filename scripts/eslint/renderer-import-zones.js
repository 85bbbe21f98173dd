import path from 'node:path';

/**
 * The renderer's layers, checked on the path an import resolves to (so that `../x`, `../../features/x/y` and any
 * depth of folder are judged alike): a feature reaches another feature only through that feature's index.ts, and
 * components/ never reach a feature at all. The composition root (app/, main.tsx) may load any page.
 */
export const rendererImportZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep renderer features behind their index.ts and components/ free of features' },
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
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0]?.root ?? 'renderer/src');
    const featuresDir = path.join(root, 'features');
    const componentsDir = path.join(root, 'components');
    const file = path.resolve(context.filename);
    const fromFeature = featureOf(featuresDir, file);
    const inComponents = isInside(componentsDir, file);
    if (!fromFeature && !inComponents) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(featuresDir, path.resolve(path.dirname(file), source));
      if (!target) return;
      if (inComponents) {
        context.report({ node, messageId: 'componentsImportFeature', data: { source } });
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

/** The feature a path lies in, and the rest of the path inside it. */
function featureOf(featuresDir, file) {
  if (!isInside(featuresDir, file)) return null;
  const [name, ...rest] = path.relative(featuresDir, file).split(path.sep);
  return { name, rest: rest.join('/') };
}

function isIndex(rest) {
  return rest === '' || /^index(\.tsx?)?$/.test(rest);
}
