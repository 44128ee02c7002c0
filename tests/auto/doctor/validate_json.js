// Validates a JSON document against a JSON Schema with Ajv, the one in tests/peers/node_modules:
//   node validate_json.js PEERS_DIR SCHEMA DOCUMENT
// Exit 0: valid; 1: not valid (Ajv's errors on stderr); 2: the schema or document could not be read.
'use strict';
const fs = require('fs');
const path = require('path');

const [peers, schemaFile, documentFile] = process.argv.slice(2);
if (!documentFile) {
    console.error('usage: node validate_json.js PEERS_DIR SCHEMA DOCUMENT');
    process.exit(2);
}
const load = (module) => {
    try {
        const loaded = require(path.resolve(peers, module));
        return loaded.default || loaded;
    } catch (error) {
        console.error(String(error));
        process.exit(2);
    }
};
let schema, document;
try {
    schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
    document = JSON.parse(fs.readFileSync(documentFile, 'utf8'));
} catch (error) {
    console.error(String(error));
    process.exit(2);
}
const dialect = schema.$schema || '';
let Ajv;
if (dialect.includes('2020-12')) {
    Ajv = load('ajv/dist/2020');
} else {
    Ajv = load('ajv');
    // SARIF 2.1.0's schema is draft-04, which Ajv 8 no longer reads; the keywords it uses mean the
    // same in draft-07 once its base URI is called $id.
    if (dialect.includes('draft-04')) {
        schema.$id = schema.id;
        delete schema.id;
        delete schema.$schema;
    }
}
const ajv = new Ajv({ allErrors: true });
load('ajv-formats')(ajv);
const validate = ajv.compile(schema);
if (validate(document))
    process.exit(0);
for (const error of validate.errors.slice(0, 20))
    console.error(`${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
process.exit(1);
