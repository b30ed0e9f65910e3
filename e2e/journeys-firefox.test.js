const { runJourneys } = require('./journeys/run');

runJourneys('firefox');
