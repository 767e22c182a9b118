package main

import (
	"bufio"
	"io"
	"os"
	"os/signal"
)

// input reads the human's lines one at a time, each only when asked for,
// and gives up waiting when the program is interrupted (Ctrl-C), so that
// an interrupt leaves the game as the end of the input does.
type input struct {
	scan  *bufio.Scanner
	intr  <-chan os.Signal
	ask   chan struct{}
	lines chan read
	err   error // the error that ended the input
}

// read is one line read, or the error that ended the input.
type read struct {
	line string
	err  error
}

// newInput reads lines from r; a value on intr (nil: none) interrupts.
func newInput(r io.Reader, intr <-chan os.Signal) *input {
	return &input{scan: bufio.NewScanner(r), intr: intr}
}

// line returns the next line, or errEOF at the end of the input, or
// errInterrupt once the program is interrupted. The line is read in a
// goroutine of its own, started on the first call, which reads nothing
// before it is asked: the program has acted on every line before.
func (in *input) line() (string, error) {
	if in.err != nil {
		return "", in.err
	}
	if in.ask == nil {
		in.ask, in.lines = make(chan struct{}), make(chan read, 1)
		go in.reader()
	}
	select {
	case <-in.intr:
		return "", errInterrupt
	case in.ask <- struct{}{}:
	}
	select {
	case <-in.intr:
		return "", errInterrupt
	case r := <-in.lines:
		in.err = r.err
		return r.line, r.err
	}
}

// reader reads a line each time it is asked to, until the input ends.
func (in *input) reader() {
	for range in.ask {
		if !in.scan.Scan() {
			err := in.scan.Err()
			if err == nil {
				err = errEOF
			}
			in.lines <- read{err: err}
			return
		}
		in.lines <- read{line: in.scan.Text()}
	}
}

// interrupted reports, without waiting, whether the program was
// interrupted.
func (in *input) interrupted() bool {
	select {
	case <-in.intr:
		return true
	default:
		return false
	}
}

// interrupts returns the channel on which Ctrl-C (SIGINT) arrives: from
// then on an interrupt no longer kills the program, which leaves the game
// as at the end of the input, saving the record.
func interrupts() <-chan os.Signal {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	return c
}
