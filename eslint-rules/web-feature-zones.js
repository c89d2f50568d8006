import path from 'node:path';

/**
 * psy-web/feature-zones: the web app's layers (docs/architecture.md, "Web"), as in
 * bulletproof-react. Shared code (src/components, src/lib, src/hooks) imports no feature and
 * not the app layer; a feature (src/features/<a>) imports shared code and itself, never
 * another feature nor the app layer; only src/app composes features. Checked on every
 * relative import, re-export and dynamic import().
 */

const SHARED = new Set(['components', 'lib', 'hooks']);

/** Where a file of apps/web/src sits: { layer: 'features', feature: 'chat' }, { layer: 'lib' }, ... */
function zoneOf(file, srcRoot) {
  const rel = path.relative(srcRoot, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, feature] = rel.split(path.sep);
  if (top === 'features') return { layer: 'features', feature, rel };
  return { layer: top, rel };
}

/** @type {import('eslint').Rule.RuleModule} */
const featureZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features never import each other; shared code imports no feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          // Known exceptions, each with the reason it still stands: { from, to, reason }.
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' }, reason: { type: 'string' } },
              required: ['from', 'to', 'reason'],
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}' ({{spec}}). Move what both need to src/components or src/lib, or compose the two in src/app.",
      featureToApp: 'A feature imports the app layer ({{spec}}); only src/app composes features.',
      sharedToFeature:
        "src/{{from}} imports '{{spec}}': shared code may not depend on features or the app layer.",
    },
  },
  create(context) {
    const file = context.filename;
    const marker = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0) return {};
    const srcRoot = file.slice(0, at + marker.length - 1);
    const from = zoneOf(file, srcRoot);
    if (!from) return {};
    const allow = (context.options[0]?.allow ?? []).filter(
      (a) => from.rel.split(path.sep).join('/') === a.from,
    );

    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(file), spec), srcRoot);
      if (!to) return;
      const toRel = to.rel.split(path.sep).join('/');
      if (allow.some((a) => toRel.startsWith(a.to))) return;
      if (from.layer === 'features') {
        if (to.layer === 'features' && to.feature !== from.feature) {
          context.report({
            node,
            messageId: 'crossFeature',
            data: { from: from.feature, to: to.feature, spec },
          });
        } else if (to.layer === 'app') {
          context.report({ node, messageId: 'featureToApp', data: { spec } });
        }
      } else if (SHARED.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) {
        context.report({ node, messageId: 'sharedToFeature', data: { from: from.layer, spec } });
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

export default { rules: { 'feature-zones': featureZones } };
