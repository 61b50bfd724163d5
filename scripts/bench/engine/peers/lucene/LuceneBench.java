import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.MMapDirectory;

/**
 * The Lucene peer of bench:engine: builds an index of the documents (JSON lines) in a directory, then times each
 * query of the mix in-process after a JIT warm-up, and prints one JSON object with the figures on stdout.
 * Usage: java LuceneBench <documents.ndjson> <queries.json> <index dir>
 */
public final class LuceneBench {
  private static final long WARMUP_NANOS = 3_000_000_000L;
  private static final int MAX_RUNS = 300;
  private static final int MIN_RUNS = 10;
  private static final long BUDGET_NANOS = 15_000_000_000L;

  public static void main(String[] args) throws IOException {
    Map<String, Object> queries = Json.object(Json.parse(Files.readString(Path.of(args[1]))));
    MixIndex index = new MixIndex();
    MMapDirectory directory = new MMapDirectory(Path.of(args[2]));
    long started = System.nanoTime();
    index.build(Path.of(args[0]), directory);
    double buildMs = (System.nanoTime() - started) / 1e6;
    started = System.nanoTime();
    DirectoryReader reader = DirectoryReader.open(directory);
    MixSearch search = new MixSearch(reader, index);
    double openMs = (System.nanoTime() - started) / 1e6;
    StringBuilder out = new StringBuilder("{\"buildMs\":" + buildMs + ",\"openMs\":" + openMs + ",\"queries\":{");
    String separator = "";
    for (Map.Entry<String, Object> query : queries.entrySet()) {
      out.append(separator).append('"').append(query.getKey()).append("\":").append(measure(search, Json.object(query.getValue())));
      separator = ",";
      System.err.println("  lucene " + query.getKey() + " done");
    }
    out.append("},\"heapBytes\":").append(settledHeap()).append(",\"indexBytes\":").append(size(Path.of(args[2]))).append(",\"sink\":").append(search.sink % 10).append('}');
    reader.close();
    System.out.println(out);
  }

  private static String measure(MixSearch search, Map<String, Object> request) {
    long total = 0;
    long warmupEnd = System.nanoTime() + WARMUP_NANOS;
    while (System.nanoTime() < warmupEnd) total = search.run(request);
    List<Double> samples = new ArrayList<>();
    // CPU time of this (the querying) thread, beside wall time: it leaves out the moments the run waited for a core.
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    List<Double> cpu = new ArrayList<>();
    long started = System.nanoTime();
    while (samples.size() < MAX_RUNS && (samples.size() < MIN_RUNS || System.nanoTime() - started < BUDGET_NANOS)) {
      long c0 = threads.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      search.run(request);
      samples.add((System.nanoTime() - t0) / 1e6);
      cpu.add((threads.getCurrentThreadCpuTime() - c0) / 1e6);
    }
    Collections.sort(samples);
    Collections.sort(cpu);
    return "{\"medianMs\":" + percentile(samples, 0.5) + ",\"p99Ms\":" + percentile(samples, 0.99) + ",\"cpuMedianMs\":" + percentile(cpu, 0.5) + ",\"runs\":" + samples.size() + ",\"total\":" + total + "}";
  }

  /** Nearest rank, as the TypeScript side computes it. */
  private static double percentile(List<Double> sorted, double q) {
    return sorted.get(Math.min(sorted.size() - 1, Math.max(0, (int) Math.ceil(q * sorted.size()) - 1)));
  }

  private static long settledHeap() {
    Runtime runtime = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) System.gc();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
