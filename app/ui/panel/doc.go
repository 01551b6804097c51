// Package panel holds the page's panels under More and beside the tests:
// the Why, the findings, the overview, the readings compared, the versions
// kept and a proposed version compared, the share bar, the live fetch, the
// import and export, and the grid of crawlers and URLs. Each draws what it
// is given and tells the page what the user did through its On… fields:
// none knows the page, the session or the browser.
package panel
