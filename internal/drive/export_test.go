package drive

// RoutePattern is routePattern, for the external tests of the package
// (drive_test.go), which check the day through drivetest.
var RoutePattern = routePattern
