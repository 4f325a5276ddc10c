// rigwright-read: reads one file for Rigwright in a process of its own (io/isolated_reader.h).
#include "heap/heap_allocator.h"
#include "io/isolated_reader.h"

int main(int argc, char** argv) {
  rw::configureHeap();
  return rw::isolatedReaderMain(argc, argv);
}
