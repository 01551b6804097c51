// Package results draws the tests the user checks: the test bar (the
// selected test, its fields and its verdict) and the results table (every
// test a line, only the lines near view drawn, the focus kept on its
// control across redraws). They draw the model's rows and tell the page
// what the user did through their On… fields; the session makes the edit.
package results
