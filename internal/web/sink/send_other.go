//go:build !unix

package sink

// tryWrite takes nothing where a non-blocking write is not at hand: each
// frame is written by the stream's goroutine.
func tryWrite(int, []byte) (int, error) { return 0, nil }

// sendPromptly leaves the socket as it is.
func sendPromptly(int) {}

// Direct says that Raw writes a frame itself, without a goroutine: not
// on this system, where a raw stream would only cost a goroutine more.
const Direct = false
