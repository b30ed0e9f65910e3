const { runJourneys } = require('./journeys/run');

runJourneys('webkit');
