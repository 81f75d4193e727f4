/**
 * The kit's layers, lowest first (issue 32): a room (a folder of src/, or a file at its root) imports rooms of its own
 * layer or below, never above. eslint.config.js turns this table into `no-restricted-imports` rules, so
 * `npm run lint` (and `npm run check`) keeps the arrows pointing down; ARCHITECTURE.md draws the same table.
 */
export const LAYERS = [
  { name: 'foundation', rooms: ['kit-root', 'kit-limit', 'json-pointer', 'free-port', 'secrets', 'args'] },
  // Schemas, validators and the signer know nothing of the kit above them.
  { name: 'contract', rooms: ['contract', 'signing'] },
  { name: 'profile', rooms: ['profile'] },
  { name: 'requirements and client', rooms: ['requirements', 'client', 'control'] },
  {
    name: 'counterparts and checks',
    rooms: ['sandbox', 'capture', 'drivers', 'receiver', 'peers', 'passive'],
  },
  { name: 'reporting', rooms: ['report', 'runner'] },
  // The OpenAPI export reads sandbox recordings (client-report) to check itself against what a target answered.
  { name: 'products', rooms: ['client-report', 'report-diff', 'container', 'package', 'openapi'] },
  { name: 'certification', rooms: ['certify'] },
  { name: 'tools', rooms: ['discover', 'faults'] },
  { name: 'entry', rooms: ['cli', 'index'] },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One flat-config entry per room and folder depth: an import climbs out of the room with `../` once per level, so the
 * pattern knows exactly which room a relative import lands in (a room's own subfolder may share another room's name).
 */
export function layerRules() {
  const configs = [];
  LAYERS.forEach((layer, index) => {
    const above = LAYERS.slice(index + 1).flatMap((l) => l.rooms);
    if (above.length === 0) return;
    const target = `(?:${above.map(escape).join('|')})(?:/|\\.js$)`;
    for (const room of layer.rooms) {
      const message = `${room} (layer ${layer.name}) must not import a room of a higher layer (layers.config.js, ARCHITECTURE.md)`;
      // A file at src/'s root is its own room: its imports start with ./ to reach the other rooms.
      configs.push({
        files: [`src/${room}.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: `^\\./${target}`, message }] }] },
      });
      for (let depth = 1; depth <= 4; depth++) {
        configs.push({
          files: [`src/${room}/${'*/'.repeat(depth - 1)}*.ts`],
          rules: {
            'no-restricted-imports': ['error', { patterns: [{ regex: `^(?:\\.\\./){${depth}}${target}`, message }] }],
          },
        });
      }
    }
  });
  return configs;
}
