#!/usr/bin/env node
// Usage: node validate_gltf.js FILE.gltf|FILE.glb
// Runs the Khronos glTF validator on FILE (external buffers resolved beside it) and prints a
// one-object JSON summary: {"errors", "warnings", "infos", "hints", "messages": [code: message]}.
// Exit code 0 when the validator ran (whatever it found), 2 when it could not read the file.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

const file = process.argv[2];
if (!file) {
  console.error('usage: validate_gltf.js FILE');
  process.exit(2);
}
let bytes;
try {
  bytes = fs.readFileSync(file);
} catch (e) {
  console.error(`${file}: ${e.message}`);
  process.exit(2);
}
validator
  .validateBytes(new Uint8Array(bytes), {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) =>
          err ? reject(err.toString()) : resolve(data));
      }),
  })
  .then(
    (report) => {
      const issues = report.issues;
      const messages = issues.messages.map((m) => `${m.code}: ${m.message} (${m.pointer || ''})`);
      console.log(JSON.stringify({
        errors: issues.numErrors,
        warnings: issues.numWarnings,
        infos: issues.numInfos,
        hints: issues.numHints,
        messages: messages.slice(0, 50),
      }));
    },
    (error) => {
      console.error(`${file}: ${error}`);
      process.exit(2);
    });
