const { runJourneys } = require('./journeys/run');

runJourneys('chromium');
