module robotstester/robots/internal/peerbench

go 1.26

require (
	github.com/jimsmart/grobotstxt v1.0.3
	github.com/temoto/robotstxt v1.1.2
	robotstester v0.0.0
)

replace robotstester => ../../..
