/**
 * Jest environment for mutation testing only (jest.stryker.config.js): Stryker's per-test coverage
 * wraps one configured environment, so this one picks per test file what jest.config.js's
 * projects give: node for the dev host's tests, jsdom pinned to Europe/London for the others (or
 * to the zone a file names in its `@jest-environment-options`, as the phone-zone tests do).
 * Jest calls it with `new`; the instance it returns is the environment (Stryker's wrapper then
 * adds its coverage hooks to that instance).
 */
const path = require('path');
const { TestEnvironment: NodeEnvironment } = require('jest-environment-node');
const TimeZoneEnvironment = require('./timeZoneEnvironment');

const DEV_HOST = `${path.sep}dev-host${path.sep}`;

module.exports = function StrykerEnvironment(config, context) {
  if (context.testPath.includes(DEV_HOST)) return new NodeEnvironment(config, context);
  const options = { timeZone: 'Europe/London', ...config.projectConfig.testEnvironmentOptions };
  return new TimeZoneEnvironment(
    { ...config, projectConfig: { ...config.projectConfig, testEnvironmentOptions: options } },
    context,
  );
};
